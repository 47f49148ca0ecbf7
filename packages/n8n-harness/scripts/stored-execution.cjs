// One stored execution as the harness reports it, whichever database n8n keeps it in: id,
// workflow, status, mode, each node's output items and the error it ended with, from the flatted
// run data n8n writes.
function storedExecution(row, parse) {
  const resultData = parse(row.data).resultData ?? {};
  const runData = resultData.runData ?? {};
  const nodes = Object.fromEntries(
    Object.entries(runData).map(([name, runs]) => [
      name,
      runs.flatMap((run) => run.data?.main?.[0] ?? []).map((item) => item.json),
    ]),
  );
  const failure = resultData.error;
  const error = failure
    ? `${failure.node?.name ? `${failure.node.name}: ` : ''}${failure.message ?? 'no message'}`
    : undefined;
  return { id: String(row.id), workflowId: row.workflowId, status: row.status, mode: row.mode, nodes, error };
}

module.exports = { storedExecution };
