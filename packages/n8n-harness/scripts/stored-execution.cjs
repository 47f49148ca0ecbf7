// One stored execution as the harness reports it, whichever database n8n keeps it in: id,
// workflow, status, mode, each node's output items (their JSON, and their binary properties as
// n8n refers to them) and the error it ended with, from the flatted run data n8n writes.
function storedExecution(row, parse) {
  const resultData = parse(row.data).resultData ?? {};
  const runData = resultData.runData ?? {};
  const itemsOf = (read) =>
    Object.fromEntries(
      Object.entries(runData).map(([name, runs]) => [
        name,
        runs.flatMap((run) => run.data?.main?.[0] ?? []).map(read),
      ]),
    );
  const nodes = itemsOf((item) => item.json);
  const binaries = itemsOf((item) => item.binary ?? {});
  const failure = resultData.error;
  const error = failure
    ? `${failure.node?.name ? `${failure.node.name}: ` : ''}${failure.message ?? 'no message'}`
    : undefined;
  return {
    id: String(row.id),
    workflowId: row.workflowId,
    status: row.status,
    mode: row.mode,
    nodes,
    binaries,
    error,
  };
}

module.exports = { storedExecution };
