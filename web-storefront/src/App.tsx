import { Redirect, Route, Switch } from 'wouter';
import { Layout } from './layout/Layout';
import { NotFoundPage } from './not-found/NotFoundPage';
import { CurrencyProvider } from './currency/CurrencyContext';
import { PAGES, REDIRECTS } from './routes';

export function App() {
  return (
    <CurrencyProvider>
      <Layout>
        <Switch>
          {PAGES.map(([path, Page]) => (
            <Route key={path} path={path} component={Page} />
          ))}
          {Object.entries(REDIRECTS).map(([from, to]) => (
            <Route key={from} path={from}>
              <Redirect to={to} replace />
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Layout>
    </CurrencyProvider>
  );
}
