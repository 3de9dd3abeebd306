#!/usr/bin/env bash
# Times the same simulate runs with two builds, DIR/old and DIR/new (clones built with
# mvn -o -q package -DskipTests; package, not install, so that neither build replaces the other's
# artifacts in ~/.m2), alternating old and new in every round, and checks that the two
# builds write identical JSON reports. Prints one line per run and round (wall and CPU seconds), then
# per run the median and the least of each, and their ratios new / old. docs/PERFORMANCE.md, "Held across refactors".
# Usage: tools/bench-refactor.sh DIR [ROUNDS]   (ROUNDS defaults to 3)
set -euo pipefail
cd "${1:?folder with old/ and new/}"
rounds="${2:-3}"
J=(java -XX:+UseSerialGC -XX:MaxRAMPercentage=75 -XX:NewRatio=8 -jar)
runs=(
  "k1-n57|--nodes 57 --load 0.2 --cycles 300000"
  "k1-n1057|--nodes 1057 --load 0.0001 --cycles 300000"
  "k2-n57|--algorithm campos-carvalho-k --buses 2 --nodes 57 --load 0.2 --cycles 300000"
)
: > times.txt
for round in $(seq 1 "$rounds"); do
  for which in old new; do
    for run in "${runs[@]}"; do
      name="${run%%|*}"; args="${run#*|}"
      # shellcheck disable=SC2086
      /usr/bin/time -o t.txt -f "%e %U %S" \
        "${J[@]}" "$which/cli/target/ppbus.jar" simulate $args --quiet --json "$which-$round-$name.json" > /dev/null 2>&1
      # wall seconds, then CPU seconds (user + system): the CPU time is less disturbed by other work.
      line="$round $which $name $(awk '{printf "%s %.2f", $1, $2 + $3}' t.txt)"
      echo "$line"; echo "$line" >> times.txt
    done
  done
done
for run in "${runs[@]}"; do
  name="${run%%|*}"
  for round in $(seq 1 "$rounds"); do
    cmp -s "old-$round-$name.json" "new-$round-$name.json" || echo "$name round $round: the JSON reports differ"
  done
  for col in 4 5; do
    what=$([ "$col" = 4 ] && echo wall || echo cpu)
    old=$(awk -v n="$name" -v c="$col" '$2 == "old" && $3 == n {print $c}' times.txt | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], a[1]}')
    new=$(awk -v n="$name" -v c="$col" '$2 == "new" && $3 == n {print $c}' times.txt | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], a[1]}')
    echo "$name $what: median old ${old% *} s, new ${new% *} s, new/old $(echo "scale=3; ${new% *} / ${old% *}" | bc);" \
      "least old ${old#* } s, new ${new#* } s, new/old $(echo "scale=3; ${new#* } / ${old#* }" | bc)"
  done
done
