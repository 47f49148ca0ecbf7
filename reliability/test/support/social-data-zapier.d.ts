/** The built Zapier app (apps/zapier/dist), as much of it as the suite reads. */
declare module 'social-data-zapier' {
  interface Step {
    operation: { inputFields: Array<{ key: string; required?: boolean }> };
  }
  const app: {
    triggers: Record<string, Step>;
    searches: Record<string, Step>;
    creates: Record<string, Step>;
  };
  export default app;
}
