"""The table engine every tile game of the platform stands on (issue 29).

A game's board is a subclass of ``board.TableBoard`` that overrides a few hooks (python-chess's
``chess/variant.py`` style); what every table shares is written once here:

- ``seats``: turn order (下家, the seats after one), for four seats or two;
- ``wall``: the wall with its front and back (杠后补) draws, the last tile, and a deal without a
  wall whose draws are counted against the four copies of each kind;
- ``claims``: the window others get on a discard or an added kong, and its priority (a win
  first, then peng or kong, then chi; several winners or one, in turn order);
- ``board``: the push loop (an event's handler found by its type), the one ``IllegalEvent`` and
  a game's reason codes behind ``refuse``.

``docs/adding-a-game.md`` lists the hooks with Wuhan and Sichuan as the examples.
"""
