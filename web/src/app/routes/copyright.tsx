import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';

export default function CopyrightRoute() {
  return (
    <Page title="Copyright" width="narrow">
      <Prose>
        <p>
          The comics, artwork and text on Inkwell belong to their creators and rights holders and are published
          under license. They may not be copied, reproduced or distributed without permission.
        </p>
      </Prose>
    </Page>
  );
}
