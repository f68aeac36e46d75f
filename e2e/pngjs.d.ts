// pngjs ships no types and @types/pngjs is not installed; the QR decoding needs only this.
declare module 'pngjs' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
