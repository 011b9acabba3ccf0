### The complete rules for /five-up rules; docs/rules.md holds the same rules with worked settlements.
### One title and one body per section; bot/texts/rules_pages.py packs them into embed pages.
### Discord Markdown: bold, "- " lists, "1." lists. A continuation line must not start
### with "[", "*" or "." (Fluent syntax), so bold never opens a line.

rulebook-title = Exact 61 Five Up — the rules
rulebook-page = Page { $page } of { $pages }
rulebook-continued = { $title } (continued)

rulebook-howto-title = How to play
rulebook-howto =
    - **On your turn** you place one tile from your hand against an open end of the layout with the same number (a 3 against a 3). The first tile of a round may be any tile. If nothing fits, you draw from the boneyard until something does; with the boneyard empty, you pass.
    - **You score** when, after your placement, the open ends of the layout add up to a multiple of 5: ends of 20 score 4 points, 15 score 3, 17 score nothing. When a round ends, whoever went out (or, if nobody can place, the lightest hand) also scores from the tiles the others still hold.
    - **You win** by reaching **exactly 61** points. A score that would take you past 61 does not count at all, so near the end aim for exactly what you need.
    - In the bot: press **Show my hand** under the turn message (or type `/five-up hand`), pick a tile, then where it goes. The sections below give every detail: raw and displayed points, spinners, drawing, the round settlements.

rulebook-goal-title = Goal and units
rulebook-goal =
    Exact 61 Five Up is played by 2 to 4 players with a complete double-six set of 28 tiles, [0|0] … [6|6]. With 2 or 3 players each player scores alone; with 4, two fixed teams of partners sit opposite each other and share one score. Whoever owns a score is a **side**.
    - **Raw points** are what is counted; **displayed points = raw ÷ 5**. Every scoring event is a multiple of 5 raw, so displayed points are always whole (5 raw → 1, 10 → 2, 15 → 3, 305 → 61).
    - The target is **exactly 61 displayed points = 305 raw**.
    - A scoring event that would take a side **above** the target is cancelled whole: the score is unchanged and play continues.

rulebook-setup-title = Set-up
rulebook-setup =
    - Shuffle the 28 tiles face down and deal **5 tiles to each player** (2, 3 or 4 players). The undealt tiles form the **boneyard**, and **all of them may be drawn** (none sleep).
    - Hands are private until the round is settled.
    - The first round's **leader** is chosen by a **neutral lot**, a fair random draw among the players: each draws a tile from the shuffled set and the **highest pip total leads**; tied candidates draw again. Holding a high double in your dealt hand gives no priority.
    - The leader may open with **any** tile. The opening tile scores like any other placement. Play then passes clockwise.
    - The player who goes out leads the next round; after a blocked round a new neutral lot chooses the leader.

rulebook-placing-title = Placing tiles and spinners
rulebook-placing =
    After the opening, a tile is placed by matching one of its halves to an open connection point of the same pip value; its other half normally becomes a new outer end. A completed placement ends the turn.
    - **Every double is a spinner**: the opening double, and doubles placed on any line or branch. Doubles are placed crosswise.
    - A spinner has two **line** connection points (straight on, either side) and two **branch** connection points (the sides). A double placed onto the layout uses one line point to attach; the other line point is open.
    - **Both line points must be filled before either branch may be started.**
    - Two doubles never touch: a double can only match its own pip value.

rulebook-ends-title = Which ends count
rulebook-ends =
    After **every** placement (the opening and a player's last tile too), add up the logical scoring ends, the **end total**:
    - a non-double tile contributes the pip value of each of its ends that has nothing attached (for the opening tile, both ends);
    - a double with **fewer than two** line points filled (a terminal double, including a lone opening double) contributes **both halves**, 2 × its pip value, once: a terminal [6|6] adds 12;
    - a double whose two line points are filled is **interior** and contributes nothing by itself; its branches count only through the outer ends of tiles actually played on them. **Unused branch points count zero.**
    - ends of value 0 are counted (they add 0).

    If the end total is a **positive multiple of 5**, the placing side scores that many raw points: a total of 20 scores 20 raw = 4 displayed; 17 scores nothing; 0 scores nothing. A terminal [6|6] and another end of 3 make 15: 3 displayed points.

rulebook-examples-title = Worked examples
rulebook-examples =
    One layout built tile by tile, then three openings. Each line: the placement, what is counted, the end total, and the raw points it scores (displayed in brackets).
    1. Opening [1|4]: 4 + 1 = 5 → **5** raw (1).
    2. [1|1] on the 1 end: [1|1] 2 + [1|4] 4 = 6 → 0.
    3. [4|4] on the 4 end: [1|1] 2 + [4|4] 8 = 10 → **10** (2).
    4. [3|4] on the free line of [4|4]: [1|1] 2 + [3|4] 3 = 5 → **5** (1).
    5. [1|2] on the free line of [1|1]: [1|2] 2 + [3|4] 3 = 5 → **5** (1). Both lines of [1|1] are filled: its branches may now be started.
    6. [1|5] on a branch of [1|1]: [1|2] 2 + [1|5] 5 + [3|4] 3 = 10 → **10** (2).
    7. [5|5] on [1|5], then [0|5] on [5|5]: [0|5] 0 + [1|2] 2 + [3|4] 3 = 5 → **5** (1).
    8. [1|3] on the other branch of [1|1]: 0 + 2 + 3 + 3 = 8 → 0.

    - Opening [2|2]: [2|2] 4 = 4 → 0.
    - Opening [0|0]: [0|0] 0 = 0 → 0.
    - Opening [3|6], then [6|6] on the 6: [3|6] 3 + [6|6] 12 = 15 → **15** (3).

rulebook-drawing-title = Drawing and passing
rulebook-drawing =
    - If you hold a legal placement you **must** place; you may not draw instead.
    - If you cannot place, draw from the boneyard **one tile at a time**. As soon as you draw a playable tile, stop and **place that tile** at once (you choose where, among its legal placements).
    - Only when you cannot place and the boneyard is empty do you pass.
    - The round is **blocked** when the boneyard is empty and nobody can place.

rulebook-events-title = Scoring events and the exact-61 rule
rulebook-events =
    - Every scoring event is checked against the target for the side it credits: if applying it would take that side **above 305 raw**, the whole event is cancelled (the score is unchanged) and play continues.
    - The first side to reach **exactly 305 raw** wins **at once**; the match ends there, mid-round if need be. No further events are applied.
    - A normal placement's points are one event. The last placement of a round is not scored on its own: it joins the round settlement (below) as one event.
    - Scores are not floored: a partner deduction may take a side below zero.

rulebook-domino-title = Round end: a player goes out
rulebook-domino =
    The player who places their last tile is the **finisher**; their side is credited.
    1. **P** = the points of that last placement, computed as usual.
    2. **O** = the pips of **all opponents' remaining tiles**, summed together, then rounded **once** to the nearest 5.
    3. With 4 players only: **D** = the pips of the **finisher's partner's** remaining tiles, summed and rounded **separately** to the nearest 5 (never combined with the opponents' tiles before rounding). Otherwise D = 0.
    4. **P + O − D is one event** for the finisher's side: applied whole, or cancelled whole if the result would exceed 305 raw.
    5. The finisher leads the next round.

    Rounding to the nearest 5: a remainder of 1 or 2 rounds **down**, 3 or 4 rounds **up**, an exact multiple stays (12 → 10, 13 → 15, 15 → 15).

rulebook-blocked-title = Round end: blocked
rulebook-blocked =
    Every physical hand is ranked by its pip total, lowest first (partners' hands are ranked separately). For each hand, in ascending order:
    1. compare it only with **higher** hands that belong to **opponents** (never a partner's hand; equal or lower hands give nothing);
    2. sum the positive differences (their total minus this hand's total);
    3. round that sum once to the nearest 5;
    4. if the result is positive, it is **one event** for that hand's side.

    Events are applied in ascending order of hand total; hands with equal totals are applied clockwise starting from the round's leader. Only an event that would exceed 305 is cancelled; later independent events still apply. If an applied event reaches exactly 305, the match ends at once and no later event of that blocked round is applied.

    The lightest hand's side wins the blocked round. If the lowest total is shared by hands of different sides, the round is a draw; if it is shared only by two partners, their team wins. After any block, the next leader is chosen by a new neutral lot, whatever the result.

rulebook-winning-title = Winning
rulebook-winning =
    The first side to reach **exactly 61 displayed points** wins immediately. There is no comparison of highest scores and no tie-break round.

rulebook-scoresheet-title = Optional paper scoresheet
rulebook-scoresheet =
    The X-and-stroke tally: one stroke = 5 raw = 1 displayed point. Ten displayed points form a **house**: a large X in the centre (its two strokes) with a small x (two strokes each) in each of the four spaces around it, 2 + 4 × 2 = 10 strokes = 50 raw. A score is drawn as full houses followed by the strokes of the house in progress.

rulebook-source-title = Source
rulebook-source =
    Based on the Five-Up rules published by Kelley and PUREMCO.
