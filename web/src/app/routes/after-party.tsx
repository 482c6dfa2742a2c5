import { AfterPartyPage } from '@/features/campaigns/components/after-party-page';

/** /aot-worldwide-after-party (storefront spec §2). */
export default function AfterPartyRoute() {
  return <AfterPartyPage />;
}
