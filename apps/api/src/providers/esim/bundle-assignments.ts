import type { BundleAssignment } from './esim-provider.ts';

/** A store bundle row (by id) and the provider's assignment it stands for. */
export interface AssignmentMatch {
  rowId: number;
  assignment: BundleAssignment;
}

/**
 * Pairs the store's bundle rows of an eSIM with the provider's assignments: first by assignment
 * id, then rows not yet linked (the main bundle stored at provisioning, a top-up stored before its
 * first sync) with the oldest unclaimed assignment of the same bundle name.
 * @returns the pairs, and the assignments no row claimed (bundles the store did not sell).
 */
export function matchAssignments(
  rows: readonly { id: number; providerAssignmentId: string | null; apiBundleName: string }[],
  assignments: readonly BundleAssignment[],
): { updates: AssignmentMatch[]; unmatched: BundleAssignment[] } {
  const free = new Set(assignments);
  const updates: AssignmentMatch[] = [];
  const waiting: (typeof rows)[number][] = [];
  for (const row of rows) {
    const linked =
      row.providerAssignmentId === null ? undefined : assignments.find((a) => a.id === row.providerAssignmentId);
    if (linked && free.has(linked)) {
      free.delete(linked);
      updates.push({ rowId: row.id, assignment: linked });
    } else waiting.push(row);
  }
  for (const row of waiting) {
    const match = [...free].find((a) => a.bundle === row.apiBundleName);
    if (!match) continue;
    free.delete(match);
    updates.push({ rowId: row.id, assignment: match });
  }
  return { updates, unmatched: [...free] };
}
