/**
 * The canvas subtitle: the chosen option's label, as its picker shows it, not the value a
 * workflow stores (a catalog id such as getUserFollowers). An unknown value is shown as it is.
 */
export function subtitleFor(parameter: string, labels: Record<string, string>): string {
  const value = `$parameter[${JSON.stringify(parameter)}]`;
  return `={{ (${JSON.stringify(labels)})[${value}] ?? ${value} }}`;
}
