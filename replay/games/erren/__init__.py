"""二人麻将 two-player mahjong (../shared/rules/erren.md, ids ER-n): 72 tiles of 条 and honours,
eight flowers, a fan table of its own (§5) chosen by the 国标 principles (ER-6.1), 起胡 (ER-6.2)."""
