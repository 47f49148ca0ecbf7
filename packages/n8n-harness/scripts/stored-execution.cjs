// One stored execution as the harness reports it, whichever database n8n keeps it in: id,
// workflow, status, mode and each node's output items, from the flatted run data n8n writes.
function storedExecution(row, parse) {
  const runData = parse(row.data).resultData?.runData ?? {};
  const nodes = Object.fromEntries(
    Object.entries(runData).map(([name, runs]) => [
      name,
      runs.flatMap((run) => run.data?.main?.[0] ?? []).map((item) => item.json),
    ]),
  );
  return { id: String(row.id), workflowId: row.workflowId, status: row.status, mode: row.mode, nodes };
}

module.exports = { storedExecution };
