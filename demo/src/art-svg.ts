/** A minimal SVG writer for the generated art: unique ids for definitions, compact numbers. */

/** Numbers with one decimal, which is plenty at the sizes rendered and keeps the markup small. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

export type Stop = [offset: number, color: string, opacity?: number];

export class SvgCanvas {
  private readonly defs: string[] = [];
  private counter = 0;

  constructor(private readonly prefix: string) {}

  id(name: string): string {
    return `${this.prefix}-${name}-${this.counter++}`;
  }

  define(markup: string): void {
    this.defs.push(markup);
  }

  private stops(stops: Stop[]): string {
    return stops.map(([offset, color, opacity = 1]) => `<stop offset="${n(offset)}" stop-color="${color}" stop-opacity="${n(opacity)}"/>`).join('');
  }

  /** A linear gradient from (x1, y1) to (x2, y2) in the shape's bounding box (0..1); returns its url(). */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('lg');
    this.define(`<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('rg');
    this.define(`<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** A clip path from markup; returns the attribute value. */
  clip(markup: string): string {
    const id = this.id('clip');
    this.define(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  mask(markup: string): string {
    const id = this.id('mask');
    this.define(`<mask id="${id}" maskUnits="userSpaceOnUse">${markup}</mask>`);
    return `url(#${id})`;
  }

  /** Halftone dots, the printed-comic texture. */
  dots(color: string, spacing: number, radius: number): string {
    const id = this.id('dots');
    this.define(
      `<pattern id="${id}" width="${n(spacing)}" height="${n(spacing)}" patternUnits="userSpaceOnUse">` +
        `<circle cx="${n(spacing / 2)}" cy="${n(spacing / 2)}" r="${n(radius)}" fill="${color}"/></pattern>`,
    );
    return `url(#${id})`;
  }

  /** The finished document: `width`×`height` pixels showing a `viewWidth`×`viewHeight` drawing. */
  render(width: number, height: number, viewWidth: number, viewHeight: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${n(viewWidth)} ${n(viewHeight)}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}
