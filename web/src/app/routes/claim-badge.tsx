import { useParams } from 'react-router-dom';
import { ClaimBadgePage } from '@/features/campaigns/components/claim-badge-page';

/** /claim-badge/{badgeId}/{redirectUrl} (storefront spec §2); the redirect path may hold slashes. */
export default function ClaimBadgeRoute() {
  const { badgeId, '*': redirectUrl } = useParams();
  return <ClaimBadgePage badgeId={Number(badgeId)} redirectUrl={redirectUrl ?? ''} />;
}
