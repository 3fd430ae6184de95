"""Wuhan 武汉麻将 红中赖子杠 (and its 七皮四赖 preset) as a hosted game.

Its rules are ``../shared/RULES.md`` (ids R-n); ``docs/rules-index.md`` maps each id to the module
here that holds it: ``ruleset`` (presets and parameters), ``laizi``, ``hand`` and ``judge`` (the
win reading and R-7.1), ``settle`` (payments and receipts), ``board`` and ``table`` (what may
happen next), ``reasons``, ``audit``, ``evaluate``, ``bots`` and ``simulate``, and ``analysis``
(the mistake detectors). What every game shares — tile codes, suit tables and shanten, the reason
shape, the findings registry — stays in ``replay/``.
"""
