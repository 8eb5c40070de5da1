"""Writes small-capitals.json: every letter Unicode names "LATIN LETTER SMALL CAPITAL X" (or
"... SMALL CAPITAL X WITH ...", "MODIFIER LETTER SMALL CAPITAL X", "LATIN SMALL CAPITAL LETTER X")
mapped to the lower-case x. UTS #39's confusables.txt leaves most small capitals out (ᴀ, ʙ, ᴇ, ʜ, ʀ, ᴛ
are their own prototypes), so the skeleton in ../normalize.ts folds them with this table after it.
Run: python3 small-capitals.py (derived from Python's unicodedata, not typed by hand)."""
import json, re, sys, unicodedata

out = {}
for cp in range(0x80, 0x20000):
    name = unicodedata.name(chr(cp), '')
    m = re.match(r'^(?:LATIN LETTER|MODIFIER LETTER|LATIN SMALL CAPITAL LETTER|LATIN LETTER SMALL CAPITAL)\s*(?:SMALL CAPITAL )?([A-Z])(?: WITH .*)?$', name)
    if m and 'SMALL CAPITAL' in name:
        out[chr(cp)] = m.group(1).lower()
json.dump({'unicode': unicodedata.unidata_version, 'map': out}, open('small-capitals.json', 'w'), ensure_ascii=False, indent=0, sort_keys=True)
print(len(out), 'letters', file=sys.stderr)
