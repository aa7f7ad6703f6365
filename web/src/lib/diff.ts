export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/**
 * The lines of `after` against `before` (a longest common subsequence): what an edited reply changes in
 * the draft, shown before it is sent. Quadratic in lines; a reply has tens of them.
 */
export const diffLines = (before: string, after: string): DiffLine[] => {
  const a = before.split("\n");
  const b = after.split("\n");
  const rows = a.length + 1;
  const cols = b.length + 1;
  const common = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * cols + j] =
        a[i] === b[j]
          ? (common[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * cols + j] ?? 0, common[i * cols + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: "same", text: a[i] ?? "" });
      i++;
      j++;
    } else if ((common[(i + 1) * cols + j] ?? 0) >= (common[i * cols + j + 1] ?? 0)) {
      lines.push({ kind: "removed", text: a[i] ?? "" });
      i++;
    } else {
      lines.push({ kind: "added", text: b[j] ?? "" });
      j++;
    }
  }
  for (; i < a.length; i++) lines.push({ kind: "removed", text: a[i] ?? "" });
  for (; j < b.length; j++) lines.push({ kind: "added", text: b[j] ?? "" });
  return lines;
};
