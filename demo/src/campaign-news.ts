import type { DemoArticle } from './types';

/**
 * The 2023 campaigns' dated articles (storefront spec §2 redirects: /ax23 to a 2023/06/15 article,
 * /ax23-announcements to a 2023/07/01 licensing article, /sdcc23 to a 2023/06/08 article). Their
 * dates are the spec's, so the seed keeps them as written instead of moving them to today.
 */
export const CAMPAIGN_NEWS: readonly Omit<DemoArticle, 'key'>[] = [
  {
    title: 'Inkwell at San Diego Comic-Con 2023',
    readableUrl: 'inkwell-at-san-diego-comic-con-2023',
    summary: 'Find us at booth 5542: signings, free genre samplers and event gifts for new Reader accounts.',
    bodyHtml:
      '<p>We are heading to San Diego Comic-Con! Find us at <strong>booth 5542</strong> all weekend.</p>' +
      '<h2>At the booth</h2><ul><li>Six free genre samplers to read on any device</li><li>Early access to our spotlight series, up to 3 volumes free to read until 7/25</li><li>Event gifts for every new Reader account, and posters while supplies last</li></ul>' +
      '<p>Signed up at the show? Everything that came with it is on <a href="/sdcc23-signup/">our convention page</a>.</p>',
    publishedAt: '2023-06-08T16:00:00.000Z',
    pageType: 'Announcement',
  },
  {
    title: 'Inkwell at Anime Expo 2023',
    readableUrl: 'inkwell-at-anime-expo-2023',
    summary: 'Come and say hello in Los Angeles: free chapters, signings and a gift for every new Reader account.',
    bodyHtml:
      '<p>Inkwell is coming to Anime Expo 2023 in Los Angeles. Stop by our booth for signings, free chapters and a discount code for every new Reader account.</p>' +
      '<p>Sign up at the show, or later on <a href="/ax23-signup/">our Anime Expo page</a>, to claim your gift.</p>',
    publishedAt: '2023-06-15T16:00:00.000Z',
    pageType: 'Announcement',
  },
  {
    title: 'Anime Expo 2023 Licensing Announcements',
    readableUrl: 'anime-expo-2023-licensing-announcements',
    summary: 'New series, spinoffs and box sets announced on our Anime Expo panel.',
    bodyHtml:
      '<p>Thank you to everyone who joined our Anime Expo panel! Here is everything we announced.</p>' +
      '<h2>New licences</h2><ul><li><a href="/series/eleven-lies-zero/">Eleven Lies: Zero</a>, the prequel readers asked for</li><li><a href="/series/underdogs-ten-years-after/">Underdogs!: Ten Years After</a></li></ul>' +
      '<h2>Box sets</h2><ul><li><a href="/series/underdogs/">Underdogs!</a> complete in one box, this winter</li></ul>',
    publishedAt: '2023-07-01T16:00:00.000Z',
    pageType: 'News',
  },
];
