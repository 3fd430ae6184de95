"""Wuhan 武汉麻将 红中赖子杠 as a hosted game: a thin adapter over the ``replay`` modules.

The Wuhan engine still lives in ``replay/`` (tiles, ruleset, hand, judge, settle, board); it moves
into this package in a later step. Until then this adapter gives the registry Wuhan's hooks.
"""
