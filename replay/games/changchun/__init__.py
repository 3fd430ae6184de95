"""Changchun mahjong 长春麻将 (issue 30; /work/shared/rules/changchun.md, ids CC-n).

Rules core (params, tiles, reading, scoring, bao, evaluate) and board (record, audit, schema).
"""
