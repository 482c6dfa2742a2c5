import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import tabStyles from '@/components/tabs.module.css';
import { emailDocument } from './placeholders';
import styles from './email.module.css';

/** An email's HTML, shown in a frame that may run nothing (`sandbox=""`). */
export function EmailFrame({ html, title, tall = false }: { html: string; title: string; tall?: boolean }) {
  return <iframe className={tall ? styles.frameTall : styles.frame} title={title} sandbox="" srcDoc={emailDocument(html)} />;
}

/**
 * An email's two versions as tabs: the HTML in an `EmailFrame`, the text as written. `label` names
 * the tab list ("Email versions", "Preview versions"); `textLabel` names the text when it needs one.
 */
export function EmailVersions({ label, html, text, frameTitle, tall = false, textLabel }: { label: string; html: string; text: string; frameTitle: string; tall?: boolean; textLabel?: string }) {
  return (
    <Tabs className={tabStyles.tabs} defaultSelectedKey="html">
      <TabList aria-label={label} className={tabStyles.list}>
        <Tab id="html" className={tabStyles.tab}>
          HTML version
        </Tab>
        <Tab id="text" className={tabStyles.tab}>
          Text version
        </Tab>
      </TabList>
      <TabPanel id="html">
        <EmailFrame html={html} title={frameTitle} tall={tall} />
      </TabPanel>
      <TabPanel id="text">
        <pre className={styles.textBody} aria-label={textLabel}>
          {text}
        </pre>
      </TabPanel>
    </Tabs>
  );
}
