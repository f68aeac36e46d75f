// saxon-js ships no types; the tests use only these two calls.
declare module 'saxon-js' {
  const SaxonJS: {
    transform(
      options: { stylesheetInternal: object; sourceText: string; destination: 'serialized' },
      mode: 'async',
    ): Promise<{ principalResult: string }>;
    getResource(options: { text: string; type: 'xml' }): Promise<unknown>;
  };
  export default SaxonJS;
}
