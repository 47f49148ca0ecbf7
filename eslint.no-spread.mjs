/**
 * Spreading an array into call arguments fails past V8's argument limit (about 120,000 elements
 * here): Return All of a big account overflowed the stack this way (issue 26). Push in a loop,
 * use concat, or reduce instead. The rule bans the pattern, bounded or not, since a bound in one
 * place is not visible where the array is built. Applied to shipped and served code; tests,
 * benches and scripts spread fixtures of a known size.
 */
export const noSpreadArguments = {
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'CallExpression > SpreadElement.arguments',
        message:
          'No spread into call arguments (fn(...x), push(...x), Math.max(...x)): it overflows the stack on large arrays. Loop, concat or reduce.',
      },
      {
        selector: 'NewExpression > SpreadElement.arguments',
        message: 'No spread into constructor arguments: it overflows the stack on large arrays.',
      },
      {
        selector: "CallExpression[callee.property.name='apply']",
        message: 'No .apply(): it spreads an array into arguments and overflows the stack on large arrays.',
      },
    ],
  },
};
