"""The HTML report of ``mtg evaluate``: one self-contained file (plots as embedded PNG images,
no scripts, no links), needing matplotlib (``pip install -e '.[report]'``)."""
from __future__ import annotations

import base64
import html
import io
from typing import Any

from .core.errors import MtgError


def write_report(result: dict[str, Any], path: str) -> None:
    """Writes the report of ``result`` (``evaluate``'s figures) to ``path``."""
    text = render(result)
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise MtgError(f"--report {path}: can't write it ({exc.strerror})") from None


def render(result: dict[str, Any]) -> str:
    try:
        import matplotlib
    except ImportError:
        raise MtgError("--report needs matplotlib: pip install -e '.[report]'") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    plt.rcParams.update({"font.size": 9, "figure.dpi": 100})
    e = html.escape
    parts = [_HEAD.format(title=e(f"Deck report: {result['deck']}"))]
    parts.append(f"<h1>{e(result['deck'])}</h1><p class='meta'>{result['games']} games a matchup and "
                 f"{result['games']} goldfish games, agent <b>{e(result['agent'])}</b>, seeds from {result['seed']}, "
                 f"turn cap {result['turn_cap']}. Win rates count a draw or capped game as half; intervals are "
                 f"Wilson 95&nbsp;%.</p>")
    if result["unimplemented"]:
        names = ", ".join(e(u["card"]) for u in result["unimplemented"])
        parts.append(f"<div class='warn'><b>Played with --allow-unimplemented:</b> these cards' unimplemented "
                     f"abilities were skipped, so the figures understate them: {names}.</div>")
    if result["failures"]:
        parts.append(f"<div class='warn'>{len(result['failures'])} game(s) failed (an engine bug) and are not "
                     f"counted.</div>")
    # -- matchups
    parts.append("<h2>Matchups</h2><table><tr><th>opponent</th><th>overall</th><th>on the play</th>"
                 "<th>on the draw</th></tr>")
    for label, m in result["matchups"].items():
        parts.append(f"<tr><td>{e(label)}</td>" + "".join(f"<td>{_rate(m[k])}</td>" for k in
                                                          ("overall", "on_the_play", "on_the_draw")) + "</tr>")
    parts.append("</table>")
    if result["matchups"]:
        parts.append(_img(_matchup_plot(plt, result["matchups"])))
    # -- goldfish
    gf = result["goldfish"]
    parts.append("<h2>Goldfish kill turn</h2><p>Against an opponent that does nothing: the deck's own turn on "
                 "which it wins.</p><table><tr><th></th><th>kills</th><th>mean</th><th>median</th></tr>")
    for side in ("on_the_play", "on_the_draw"):
        g = gf[side]
        parts.append(f"<tr><td>{side.replace('_', ' ')}</td><td>{g['kills']}/{g['games']}</td>"
                     f"<td>{g['mean_kill_turn'] if g['mean_kill_turn'] is not None else '-'}</td>"
                     f"<td>{g['median_kill_turn'] if g['median_kill_turn'] is not None else '-'}</td></tr>")
    parts.append("</table>")
    parts.append(_img(_goldfish_plot(plt, gf)))
    # -- mana
    mana = result["mana"]
    parts.append("<h2>Mana</h2>")
    parts.append(f"<p>Lands in the opening seven: mean <b>{mana['mean_opening_lands']}</b>; mulligan rate "
                 f"<b>{_pct(mana['mulligan_rate'])}</b>; colour screw (a turn 2-6 ending with a spell the lands "
                 f"are enough for in number but not in colours) in <b>{_pct(mana['color_screw_rate'])}</b> of "
                 f"games.</p>")
    parts.append(_img(_mana_plot(plt, mana)))
    parts.append("<h3>Castable on curve</h3><p>At the end of the deck's turn equal to the spell's mana value, the "
                 "lands it controls pay the spell's cost, colours included (lands are the sources counted).</p>"
                 "<table><tr><th>spell</th><th>mana value</th><th>colours</th><th>castable on curve</th>"
                 "<th>games</th></tr>")
    for name, c in sorted(mana["castable_on_curve"].items(), key=lambda kv: (kv[1]["mana_value"], kv[0])):
        parts.append(f"<tr><td>{e(name)}</td><td>{c['mana_value']}</td><td>{e(c['colors']) or '-'}</td>"
                     f"<td>{_pct(c['castable'])}</td><td>{c['games']}</td></tr>")
    parts.append("</table>")
    parts.append("</body></html>")
    plt.close("all")
    return "\n".join(parts)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _rate(rate: dict[str, Any]) -> str:
    if not rate["games"]:
        return "-"
    low, high = rate["ci95"]
    return f"<b>{rate['win_rate']:.1%}</b> <span class='ci'>[{low:.1%}, {high:.1%}]</span> " \
           f"<span class='n'>{rate['wins']}-{rate['losses']} of {rate['games']}</span>"


def _img(png: bytes) -> str:
    return f"<img alt='plot' src='data:image/png;base64,{base64.b64encode(png).decode('ascii')}'>"


def _png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.tight_layout()
    fig.savefig(out, format="png")
    return out.getvalue()


def _matchup_plot(plt: Any, matchups: dict[str, Any]) -> bytes:
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.8 * len(matchups)))
    labels = list(matchups)
    for offset, key, color in ((-0.25, "overall", "#345"), (0, "on_the_play", "#3a7"), (0.25, "on_the_draw", "#c73")):
        for i, label in enumerate(labels):
            rate = matchups[label][key]
            if not rate["games"]:
                continue
            low, high = rate["ci95"]
            ax.errorbar(rate["win_rate"], i + offset, xerr=[[rate["win_rate"] - low], [high - rate["win_rate"]]],
                        fmt="o", color=color, capsize=3, label=key.replace("_", " ") if i == 0 else None)
    ax.axvline(0.5, color="#999", lw=0.8, ls="--")
    ax.set_yticks(range(len(labels)), [f"vs {lab}" for lab in labels])
    ax.set_xlim(0, 1)
    ax.set_ylim(len(labels) - 0.5, -0.5)           # (the first matchup at the top, its three rows in view)
    ax.set_xlabel("win rate (95% interval)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    return _png(fig)


def _goldfish_plot(plt: Any, goldfish: dict[str, Any]) -> bytes:
    fig, ax = plt.subplots(figsize=(7, 2.8))
    turns = sorted({int(t) for side in goldfish.values() for t in side["kill_turns"]}) or [0]
    xs = list(range(min(turns), max(turns) + 1))
    for shift, side, color in ((-0.2, "on_the_play", "#3a7"), (0.2, "on_the_draw", "#c73")):
        g = goldfish[side]
        ys = [g["kill_turns"].get(str(t), 0) / g["games"] if g["games"] else 0 for t in xs]
        ax.bar([x + shift for x in xs], ys, width=0.4, color=color, label=side.replace("_", " "))
    ax.set_xticks(xs)
    ax.set_xlabel("the deck's own turn of the kill")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    return _png(fig)


def _mana_plot(plt: Any, mana: dict[str, Any]) -> bytes:
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 2.8))
    hands = mana["opening_hand_lands"]
    total = sum(hands.values()) or 1
    xs = list(range(0, 8))
    left.bar(xs, [hands.get(str(x), 0) / total for x in xs], color="#456")
    left.set_xticks(xs)
    left.set_xlabel("lands in the opening seven")
    left.set_ylabel("share of hands")
    drops = [d for d in mana["land_drops"] if d["on_time"] is not None]
    right.plot([d["turn"] for d in drops], [d["on_time"] for d in drops], "o-", color="#3a7")
    right.set_ylim(0, 1.05)
    right.set_xticks(range(1, 7))
    right.set_xlabel("own turn k")
    right.set_ylabel("k lands by the end of turn k")
    return _png(fig)


_HEAD = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 860px; margin: 2em auto; color: #222; }}
h1 {{ font-size: 1.5em; }} h2 {{ border-bottom: 1px solid #ccc; margin-top: 1.6em; }}
table {{ border-collapse: collapse; margin: 0.6em 0; }} td, th {{ padding: 0.25em 0.7em; border-bottom: 1px solid #eee;
text-align: left; }} .ci, .n, .meta {{ color: #666; font-size: 0.9em; }}
.warn {{ background: #fff3cd; border: 1px solid #e0c36b; padding: 0.6em; margin: 1em 0; }}
img {{ max-width: 100%; }}
</style></head><body>"""
