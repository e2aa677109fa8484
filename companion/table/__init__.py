"""What happens at the table, in plain Python (no Flet): what a tap on the
score pad does and what the phones share while a game is played.

The screens (``companion.ui``) draw what these modules decide and forward
the taps to them; the rules stay in ``companion.games`` and the score pads
in ``companion.pads``. The modules:

- ``pad_session``: one phone's score pad on one game: the sheet, question or
  view open on it and what each tap (save, undo, a conflict's answer, a
  hand sent, whose phone) does and tells;
- ``saving``: a change saved as one transaction on the latest saved game,
  and the conflict question when another phone changed it meanwhile;
- ``hands``: a round entered hand by hand, each player on their own phone;
- ``kept_sheets``: an open round sheet kept for its phone as it is typed;
- ``live``: which sessions are told about a save, one replay for all;
- ``phones``: whose phone this is (the label the change log shows);
- ``ask_answers``: what the checker's answers ("may I play this?") are made of.
"""
