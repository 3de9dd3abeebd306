#!/usr/bin/env bash
# Proves docs/CLUSTER.md's Slurm recipe on a real Slurm: installs Slurm and Munge from Debian, starts
# a one-node cluster on this machine, runs a sweep as a job array of shards into one folder,
# merges it, and compares the CSV with the same sweep run plainly. Needs root and apt-get.
#
#   tools/slurm-proof.sh [WORKDIR]
#
# It leaves the daemons running (stop them with: pkill slurmd; pkill slurmctld; pkill munged).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
[ "$(id -u)" = 0 ] || { echo "slurm-proof: needs root (it installs and starts Slurm)" >&2; exit 2; }

echo "== installing slurmctld slurmd slurm-client munge"
command -v sbatch >/dev/null && command -v munged >/dev/null \
  || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null; }

echo "== starting munge"
if [ ! -s /etc/munge/munge.key ]; then
  mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
fi
chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
mkdir -p /run/munge && chown munge:munge /run/munge
pgrep -x munged >/dev/null || su -s /bin/sh munge -c munged

echo "== starting a one-node Slurm"
node="$(hostname -s)"
cpus="$(nproc)"
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=ppbus
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=ppbus Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 1; done
sinfo

sweep=(sweep --algorithms campos-carvalho,lamport,raymond,token-ring --nodes 7,13,31 --loads 0.01,0.2 --cycles 20000 --quiet --threads 1)
echo "== the job array (docs/CLUSTER.md), 4 shards into $work/cluster"
"$here/ppbus" --version >/dev/null   # builds the tool once, before the jobs start
sbatch --wait --array=1-4 --cpus-per-task=1 --output="$work/shard-%a.log" --wrap \
  "'$here/ppbus' ${sweep[*]} --out '$work/cluster' --shard \$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT"
cat "$work"/shard-*.log
"$here/ppbus" "${sweep[@]}" --out "$work/cluster" --merge

echo "== the same sweep on one machine, into $work/plain"
"$here/ppbus" "${sweep[@]}" --out "$work/plain"

if cmp -s "$work/cluster/sweep.csv" "$work/plain/sweep.csv"; then
  echo "slurm-proof: PASS: the merged array's sweep.csv is byte-identical to the plain sweep's ($(($(wc -l < "$work/plain/sweep.csv") - 1)) points)"
else
  echo "slurm-proof: FAIL: the CSVs differ" >&2
  diff "$work/cluster/sweep.csv" "$work/plain/sweep.csv" | head >&2
  exit 1
fi
