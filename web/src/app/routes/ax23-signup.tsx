import { AnimeExpoPage } from '@/features/campaigns/components/anime-expo-page';

/** /ax23-signup (storefront spec §2). */
export default function AnimeExpoRoute() {
  return <AnimeExpoPage />;
}
