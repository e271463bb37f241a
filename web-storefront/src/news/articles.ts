/** Until news ingestion exists, the home block and /news show these four articles (the spec's static four). */
export interface NewsArticle {
  id: string;
  title: string;
  excerpt: string;
  category: 'Partnership' | 'Industry News' | 'Market Analysis' | 'Market Entry' | 'Financing' | 'Events';
  date: string;
  author: string;
  readTime: number;
  /** A local illustration (the spec's note applies: images are illustrative) and its description, in English like the article. */
  image: string;
  imageAlt: string;
}

export const NEWS_ARTICLES: readonly NewsArticle[] = [
  {
    id: 'chery-lagos-assembly',
    title: 'Chery expands local assembly partnership in Lagos',
    excerpt: 'A new semi-knocked-down line will assemble the Tiggo range for West African buyers, shortening delivery times and cutting import duty.',
    category: 'Partnership',
    date: '2024-11-28',
    author: 'Adaeze Okafor',
    readTime: 4,
    image: '/vehicles/suv.svg',
    imageAlt: 'Illustration of a Chery Tiggo SUV',
  },
  {
    id: 'ev-charging-nairobi',
    title: 'Nairobi opens its largest public EV charging hub',
    excerpt: 'Twenty fast chargers along Mombasa Road make electric SUVs such as the BYD Atto 3 a practical choice for daily commuters.',
    category: 'Industry News',
    date: '2024-11-21',
    author: 'Wanjiru Kamau',
    readTime: 3,
    image: '/vehicles/crossover.svg',
    imageAlt: 'Illustration of an electric crossover',
  },
  {
    id: 'naira-car-prices-2024',
    title: 'What the naira means for car prices this quarter',
    excerpt: 'Our analysts compare landed costs of Chinese and Japanese SUVs and explain why buying in your own currency matters.',
    category: 'Market Analysis',
    date: '2024-11-14',
    author: 'Tunde Bakare',
    readTime: 6,
    image: '/vehicles/sedan.svg',
    imageAlt: 'Illustration of a sedan',
  },
  {
    id: 'byd-ghana-entry',
    title: 'BYD enters Ghana with electric sedans and SUVs',
    excerpt: 'Accra gets its first BYD showroom, with the Seal and Atto 3 offered with local warranty and financing.',
    category: 'Market Entry',
    date: '2024-11-07',
    author: 'Kwame Mensah',
    readTime: 3,
    image: '/vehicles/hatchback.svg',
    imageAlt: 'Illustration of a BYD hatchback',
  },
];
