# 서버별 레이팅: /five-up leaderboard, /five-up stats의 레이팅 줄, 경기가 끝날 때의 변동.
cmd-leaderboard = 이 서버의 레이팅 상위 플레이어
ratings-title = 이 서버의 레이팅 순위
ratings-line = { $rank }. { $player }: { $rating } ({ $matches }경기, { $wins }승)
ratings-none = 이 서버에는 아직 레이팅이 매겨진 경기가 없습니다. 경기를 끝까지 마치면 레이팅이 생깁니다.
ratings-computers = 컴퓨터 플레이어: { $levels }
ratings-level = { $level } { $rating }
ratings-note = 레이팅은 0에서 시작해, 봇이 내 실력을 더 확신할수록 오릅니다 (μ − 3σ). 끝까지 마친 경기만 반영됩니다.
ratings-yours = 내 레이팅: { $rating } (지난 경기: { $change }).
ratings-yours-none = 이 서버에서는 아직 레이팅이 없습니다. 경기를 하나 끝까지 마치면 생깁니다.
ratings-changes = 레이팅: { $changes }
ratings-change = { $player } { $rating } ({ $change })
