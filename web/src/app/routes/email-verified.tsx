import { AccountBenefits } from '@/features/auth/components/account-benefits';

export default function EmailVerifiedRoute() {
  return <AccountBenefits verified />;
}
