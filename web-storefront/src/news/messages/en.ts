export default {
  backHome: '← Back to Home',
  title: 'Automotive News & Videos',
  filterLabel: 'Category',
  all: 'All',
  byAuthor: 'By {author}',
  readTime: '{minutes} min read',
} as const;
