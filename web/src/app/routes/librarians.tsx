import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { paths } from '@/config/paths';
import { SupportForm } from '@/features/support/components/support-form';

export default function LibrariansRoute() {
  return (
    <Page title="For librarians" documentTitle="Librarians" width="narrow">
      <Prose>
        <p>
          Comics and manga bring readers of every age into the library. This page gathers what librarians and
          educators need to build a collection from our catalogue.
        </p>
        <h2>Finding the right books</h2>
        <p>
          Every series lists its genres and age rating. <Link to={paths.browse}>Browse</Link> by genre to find books
          for your shelves, and check the <Link to={paths.calendar}>Release Calendar</Link> for upcoming volumes.
        </p>
        <h2>Questions</h2>
        <p>
          Our <Link to={paths.supportCenter}>Support Center</Link> answers common questions about ordering and reading.
        </p>
      </Prose>
      <SupportForm formType="Librarians" title="Write to our library team" intro="Collection development, events or classroom use: tell us what you need." />
    </Page>
  );
}
