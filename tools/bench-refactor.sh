#!/usr/bin/env bash
# Wall time of two simulate runs with the previous main's jar and this one's, alternating, 3 rounds.
# Usage: tools/bench-refactor.sh DIR, where DIR/old and DIR/new are clones built with mvn -o -q package -DskipTests.
cd "${1:?folder with old/ and new/}"
J="java -XX:+UseSerialGC -XX:MaxRAMPercentage=75 -XX:NewRatio=8 -jar"
for round in 1 2 3; do
  for which in old new; do
    for args in "--nodes 57 --load 0.2 --cycles 300000" "--nodes 1057 --load 0.0001 --cycles 300000"; do
      t0=$(date +%s.%N)
      $J $which/cli/target/ppbus.jar simulate $args --quiet --json $which-$round-$(echo $args | cut -d' ' -f2).json > /dev/null 2>&1
      t1=$(date +%s.%N)
      echo "$round $which $(echo $args | cut -d' ' -f2) $(echo "$t1 - $t0" | bc)"
    done
  done
done
