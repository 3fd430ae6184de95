"""Changsha mahjong 长沙麻将 (rules: the CS-n ids of the Changsha rule reference).

108 suited tiles, 将 2/5/8 pairs, big hands (大胡) that add, opening hands (起手胡) and birds
(扎鸟). The rules core (``params``, ``tiles``, ``reading``, ``scoring``, ``evaluate``) is pure:
the board and the audit build on it.
"""
