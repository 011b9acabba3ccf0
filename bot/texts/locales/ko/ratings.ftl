# 서버별 레이팅: /five-up leaderboard (서버의 하나뿐인 순위표), /five-up stats의 레이팅 줄, 경기가 끝날 때의 변동.
cmd-leaderboard = 이 서버의 순위표 (레이팅 순)
ratings-title = 이 서버의 순위표
ratings-line = { $rank }. { $player }: { $rating } ({ $matches }경기, { $wins }승)
ratings-none = 이 서버에는 아직 레이팅이 매겨진 경기가 없습니다. 경기를 끝까지 마치면 레이팅이 생깁니다.
ratings-computers = 컴퓨터 플레이어: { $levels }
ratings-level = { $level } { $rating }
ratings-provisional = { $rating }?
ratings-note = 누구나 { $start }에서 시작합니다. 레이팅은 실력을 조심스럽게 어림한 값(μ − 3σ)이라, 이기면 오르고 경기를 할수록 봇이 실력을 더 확신하게 되면서 오릅니다. ?는 잠정 레이팅입니다 (레이팅 경기 { $needed }판 미만). 끝까지 마친 경기만 반영됩니다.
ratings-yours = 내 레이팅: { $rating } (지난 경기: { $change }).
ratings-yours-provisional = 내 레이팅: { $rating } (지난 경기: { $change }). 레이팅 경기 { $needed }판까지는 잠정 레이팅입니다 (지금까지 { $matches }판).
ratings-yours-place = 이 서버 순위표에서 { $rank }위입니다: /five-up leaderboard
ratings-yours-unplaced = 아직 이 서버의 상위 { $top }명 안에 들지 못했습니다: /five-up leaderboard
ratings-yours-none = 이 서버에서는 아직 레이팅이 없습니다. 경기를 하나 끝까지 마치면 생깁니다.
ratings-changes = 레이팅: { $changes }
ratings-change = { $player } { $rating } ({ $change })
ratings-changes-note = — 괄호 안은 이번 경기의 변동입니다. 누구나 { $start }에서 시작하고, ?는 잠정 레이팅입니다 (레이팅 경기 { $needed }판 미만).
