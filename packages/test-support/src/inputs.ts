import fc from 'fast-check';

/** Anything a user, an expression or an upstream node can put into a field. */
export const anyInput = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.webUrl(),
  fc.integer(),
  fc.double(),
);
