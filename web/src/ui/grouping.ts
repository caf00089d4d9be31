/**
 * A long code split for reading: groups of `size` characters from the start, the last one
 * shorter (`groupsOf('TR7NHqje', 4)` is `['TR7N', 'Hqje']`). Joined back without separators
 * the groups are the value itself, every character kept.
 */
export function groupsOf(value: string, size = 4): string[] {
  const groups: string[] = [];
  for (let at = 0; at < value.length; at += size) groups.push(value.slice(at, at + size));
  return groups;
}
