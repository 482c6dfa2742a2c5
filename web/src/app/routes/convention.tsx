import { ConventionPage } from '@/features/campaigns/components/convention-page';

/** /sdcc23-signup (storefront spec §2). */
export default function ConventionRoute() {
  return <ConventionPage />;
}
