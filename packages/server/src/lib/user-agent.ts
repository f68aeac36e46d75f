/** A short German description of a browser from its User-Agent ("Firefox auf Windows"). */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unbekannter Browser';
  const browser =
    match(userAgent, [
      [/Edg(A|iOS)?\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/curl\//, 'curl'],
    ]) ?? 'Unbekannter Browser';
  const system = match(userAgent, [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  return system ? `${browser} auf ${system}` : browser;
}

function match(text: string, rules: Array<[RegExp, string]>): string | null {
  for (const [pattern, name] of rules) if (pattern.test(text)) return name;
  return null;
}
