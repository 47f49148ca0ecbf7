/** A count as a sentence says it: "1 page", "2,000 tweets". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
