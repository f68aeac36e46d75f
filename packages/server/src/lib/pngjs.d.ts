// pngjs ships no types and @types/pngjs is not installed; the portal needs only this much:
// the mail logo (lib/image-scale.ts) reads and writes PNGs, tests read QR codes and logos.
declare module 'pngjs' {
  type Decoded = { width: number; height: number; data: Buffer };
  export class PNG {
    constructor(options: { width: number; height: number });
    width: number;
    height: number;
    data: Buffer;
    static sync: {
      read(buffer: Buffer): Decoded;
      write(png: PNG, options?: { colorType?: number; deflateLevel?: number }): Buffer;
    };
  }
}
