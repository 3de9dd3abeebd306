#!/usr/bin/env bash
# Times the same simulate runs with two builds, DIR/old and DIR/new (clones built with
# mvn -o -q package -DskipTests; package, not install, so that neither build replaces the other's
# artifacts in ~/.m2), alternating old and new in every round, and checks that the two
# builds write identical JSON reports. Prints one line per run and round, then the medians and the
# ratio new / old per run. docs/PERFORMANCE.md, "Held across refactors".
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
      t0=$(date +%s.%N)
      # shellcheck disable=SC2086
      "${J[@]}" "$which/cli/target/ppbus.jar" simulate $args --quiet --json "$which-$round-$name.json" > /dev/null 2>&1
      t1=$(date +%s.%N)
      line="$round $which $name $(echo "$t1 - $t0" | bc)"
      echo "$line"; echo "$line" >> times.txt
    done
  done
done
for run in "${runs[@]}"; do
  name="${run%%|*}"
  for round in $(seq 1 "$rounds"); do
    cmp -s "old-$round-$name.json" "new-$round-$name.json" || echo "$name round $round: the JSON reports differ"
  done
  old=$(awk -v n="$name" '$2 == "old" && $3 == n {print $4}' times.txt | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  new=$(awk -v n="$name" '$2 == "new" && $3 == n {print $4}' times.txt | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$name: median old $old s, new $new s, new/old $(echo "scale=3; $new / $old" | bc)"
done
