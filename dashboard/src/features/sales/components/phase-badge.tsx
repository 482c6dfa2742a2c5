import type { CAMPAIGN_PHASES } from '@inkwell/contracts/dashboard-merchandising';
import { Badge } from '@/components/feedback/status-badge';

type Phase = (typeof CAMPAIGN_PHASES)[number];
const TONES = { Upcoming: 'info', Running: 'success', Ended: 'muted' } as const;

/** Where a campaign stands against the clock; a campaign without both dates has none. */
export function PhaseBadge({ phase }: { phase: Phase | null }) {
  if (!phase) return <Badge tone="neutral">No dates</Badge>;
  return <Badge tone={TONES[phase]}>{phase}</Badge>;
}
