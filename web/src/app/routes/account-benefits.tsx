import { AccountBenefits } from '@/features/auth/components/account-benefits';

export default function AccountBenefitsRoute() {
  return <AccountBenefits />;
}
