#!/usr/bin/env bash
# Play one measurement of `search-cli mines play` (or, with MINES_COMMAND=diverge, of
# `search-cli mines diverge`) as shards: one seed range per shard, each written as it finishes
# (a JSON summary and the gzipped per-game records), so a run that stops early loses at most
# the shard it was playing. Merge `mines play` summaries with `search-cli mines merge`, and
# `mines diverge` records with `search-cli mines diverge --from-records`.
#
#   scripts/mines-shards.sh OUT_DIR PRESET RULE FIRST_SEED GAMES_PER_SHARD SHARDS [mines play args...]
#
# e.g. scripts/mines-shards.sh results/mines/expert-safe/default expert safe 10000000 50000 4 --threads 1
# A shard whose summary exists already is skipped, so the same command resumes a stopped run.
# SEARCH_CLI names the binary (default: search-cli on the PATH).
# e.g. MINES_COMMAND=diverge scripts/mines-shards.sh results/mines/diverge/x expert safe 40000000 5000 4 \
#        --samples 8 --second-set restricted_candidates=4 --threads 1
set -euo pipefail
if [ $# -lt 6 ]; then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
out=$1 preset=$2 rule=$3 first=$4 per=$5 shards=$6
shift 6
cli=${SEARCH_CLI:-search-cli}
command=${MINES_COMMAND:-play}
case $command in
  play | diverge) ;;
  *)
    echo "MINES_COMMAND=$command: expected play or diverge" >&2
    exit 2
    ;;
esac
mkdir -p "$out"
for ((i = 0; i < shards; i++)); do
  start=$((first + i * per))
  end=$((start + per - 1))
  name="$out/$start-$end"
  if [ -s "$name.json" ]; then
    continue
  fi
  "$cli" mines "$command" --preset "$preset" --first-click "$rule" --seed "$start" --games "$per" \
    --json --records "$name.csv.part" "$@" > "$name.json.part"
  gzip -9 -n -c "$name.csv.part" > "$name.csv.gz"
  rm "$name.csv.part"
  mv "$name.json.part" "$name.json"
  echo "$name.json"
done
