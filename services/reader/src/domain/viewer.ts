/** Who is asking, as far as reading access cares. */
export interface Viewer {
  userId: string | undefined;
  isAdmin: boolean;
  /** From the configured geo header (set by the CDN or ingress); undefined when absent or malformed. */
  country: string | undefined;
}
