"""The shell, Play and History in the browser's language, then in the one picked.

A Norwegian browser sees Play, the tabs and History in bokmål; after
"Deutsch" is picked in Play's header the same screens read in German.
"""

from __future__ import annotations

from harness import PHONE, AppPage


def test_play_the_tabs_and_history_in_norwegian_then_german(browser, server, tmp_path):
    context = browser.new_context(viewport=PHONE, color_scheme="light", locale="nb-NO")
    page = context.new_page()
    page.set_default_timeout(15_000)
    app = AppPage(page, server.url, shots_dir=tmp_path)
    try:
        app.open("/")
        app.button("Nytt spill").wait_for()
        app.see("Ingen spill pågår. Start et, og før inn hver runde etter hvert som den er spilt.", exact=True)
        app.tab("Historikk")
        app.see("Alle lagrede spill, nyeste først", exact=True)
        app.tap("Vis spillerstatistikk")
        app.see("Ingen spill ennå.")
        app.tab("Spill")
        app.button("Språk").click()
        page.get_by_role("menuitemcheckbox", name="Deutsch").click()
        app.button("Neues Spiel").wait_for()
        app.see("Kein Spiel läuft. Starte eins und trag jede Runde ein, sobald sie gespielt ist.", exact=True)
        app.tab("Verlauf")
        app.see("Alle gespeicherten Spiele, neueste zuerst", exact=True)
        app.button("Sicherung exportieren").wait_for()
        app.see("Noch keine Spiele gespeichert. Starte eins unter Spielen.", exact=True)
    finally:
        context.close()
