#!/usr/bin/env bash
# Nightly logical backup of the store's PostgreSQL database (docs/deployment.md, "Backups").
#
#   DATABASE_URL=postgres://... BACKUP_DIR=/var/backups/roamwise [RETENTION_DAYS=14] deploy/backup.sh
#
# Writes BACKUP_DIR/roamwise-<UTC timestamp>.dump (pg_dump custom format: compressed, restorable
# table by table with pg_restore, consistent as of one snapshot while the store keeps running),
# checks that pg_restore can read it back, then deletes dumps older than RETENTION_DAYS days
# (never the one just written). The file is written under a temporary name and renamed when
# complete, so a failed run never leaves a dump that looks good; it is readable by its owner only
# (it holds customers' data: e-mail addresses, orders, password hashes).
#
# Restore (see the restore drill in docs/deployment.md):
#   createdb roamwise_restore && pg_restore --no-owner --exit-on-error -d postgres://.../roamwise_restore <file>
#
# Point-in-time recovery needs WAL archiving and base backups (pg_basebackup) besides these dumps;
# see docs/deployment.md. Exit codes: 0 done, 64 usage, other: the failing command's.
set -euo pipefail

if [ -z "${DATABASE_URL:-}" ] || [ -z "${BACKUP_DIR:-}" ]; then
  echo "usage: DATABASE_URL=postgres://... BACKUP_DIR=/path [RETENTION_DAYS=14] $0" >&2
  exit 64
fi
retention_days="${RETENTION_DAYS:-14}"
if ! [[ "$retention_days" =~ ^[0-9]+$ ]] || [ "$retention_days" -lt 1 ]; then
  echo "RETENTION_DAYS must be a whole number of days, at least 1 (got \"$retention_days\")" >&2
  exit 64
fi

umask 077
mkdir -p "$BACKUP_DIR"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
final="$BACKUP_DIR/roamwise-$stamp.dump"
partial="$final.partial"
trap 'rm -f "$partial"' EXIT

pg_dump --dbname="$DATABASE_URL" --format=custom --compress=6 --no-owner --no-privileges --file="$partial"
# A dump pg_restore cannot list is no backup.
pg_restore --list "$partial" >/dev/null
mv "$partial" "$final"
trap - EXIT

# Retention: dumps of this script only, older than RETENTION_DAYS days.
find "$BACKUP_DIR" -maxdepth 1 -type f -name 'roamwise-*.dump' -mtime "+$((retention_days - 1))" ! -path "$final" -print -delete |
  sed 's/^/deleted old backup /'

echo "backup $final ($(du -h "$final" | cut -f1))"
