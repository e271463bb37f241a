import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, useHref, useNavigate } from 'react-router-dom';
import { AccessDenied, Admin, CanAccess, CustomRoutes, Loading, Resource, useCreatePath, useFirstResourceWithListAccess } from 'react-admin';
import { Layout } from './Layout';
import { consoleTheme } from './theme';
import { InventoryManagement } from './inventory-management/InventoryManagement';
import { InventoryQa } from './inventory-qa/InventoryQa';
import { DataCollection } from './data-collection/DataCollection';
import { QaDashboard } from './qa-checks/QaDashboard';

import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { LoginPage } from './LoginPage';
import contactMessages from './contact';
import enquiries from './enquiries';
import conversations from './assistant';
import emails from './emails';
import whatsappMessages from './whatsapp-messages';
import vehicles from './vehicles';
import reservationRequests from './reservation-requests';
import newsSources from './news-sources';
import articles from './articles';
import videos from './videos';
import { destinationCharges, freightRates, tariffVersions } from './landed-cost';
import { sellCarSubmissions, tradeInSubmissions } from './submissions';
import staff from './staff';
import activity from './activity';
import { MyAccountPage } from './staff/MyAccountPage';
import { SetPasswordPage } from './staff/SetPasswordPage';

/** A screen that is not a resource, opened only by someone whose role may (permissions.ts). */
const screen = (name: string, element: ReactNode) => (
  <CanAccess resource={name} action="list" accessDenied={<AccessDenied />}>
    {element}
  </CanAccess>
);

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');

/**
 * What /admin shows (at sign-in too): the first list the staff member may open, as react-admin's own landing does,
 * except that it gives way when they have gone elsewhere meanwhile. Finding that list waits for a session check
 * while the menu is already on screen, and react-router runs a menu click's navigation as a transition: this page
 * can still render, and redirect, after the address has moved on, and react-admin's landing then took the staff member
 * back to the first list instead of the one they chose. So the address bar decides, not the location rendered here.
 */
function Landing() {
  const { resource, isPending } = useFirstResourceWithListAccess();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const here = withoutTrailingSlash(useHref('/'));
  const target = resource ? createPath({ resource, type: 'list' }) : undefined;
  useEffect(() => {
    if (target && withoutTrailingSlash(window.location.pathname) === here) void navigate(target, { replace: true });
  }, [target, here, navigate]);
  return isPending ? <Loading /> : null;
}

// Charts are heavy and only this screen needs them.
const AnalyticsDashboard = lazy(async () => ({ default: (await import('./analytics/AnalyticsDashboard')).AnalyticsDashboard }));

/** The staff console, served by the API at /admin (same origin, session cookie). */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="AutoBest Africa — Staff Console"
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={LoginPage}
        layout={Layout}
        dashboard={Landing}
        theme={consoleTheme}
        disableTelemetry
      >
        <Resource name="sell-car-submissions" options={{ label: 'Sell car requests' }} {...sellCarSubmissions} />
        <Resource name="trade-in-submissions" options={{ label: 'Trade-in requests' }} {...tradeInSubmissions} />
        <Resource name="vehicles" options={{ label: 'Vehicles' }} {...vehicles} />
        <Resource name="tariff-versions" options={{ label: 'Tariffs' }} {...tariffVersions} />
        <Resource name="freight-rates" options={{ label: 'Freight' }} {...freightRates} />
        <Resource name="destination-charges" options={{ label: 'Destination charges' }} {...destinationCharges} />
        <Resource name="reservation-requests" options={{ label: 'Reservations' }} {...reservationRequests} />
        <Resource name="enquiries" options={{ label: 'Enquiries' }} {...enquiries} />
        <Resource name="conversations" options={{ label: 'Conversations' }} {...conversations} />
        <Resource name="contact-messages" options={{ label: 'Contact messages' }} {...contactMessages} />
        <Resource name="emails" options={{ label: 'Emails' }} {...emails} />
        <Resource name="whatsapp-messages" options={{ label: 'WhatsApp' }} {...whatsappMessages} />
        <Resource name="news-sources" options={{ label: 'News sources' }} {...newsSources} />
        <Resource name="articles" options={{ label: 'Articles' }} {...articles} />
        <Resource name="videos" options={{ label: 'Review videos' }} {...videos} />
        <Resource name="staff" options={{ label: 'Staff' }} {...staff} />
        <Resource name="activity" options={{ label: 'Activity' }} {...activity} />
        {/* Opened from an emailed link by someone not signed in yet. */}
        <CustomRoutes noLayout>
          <Route path="/set-password/:linkId" element={<SetPasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/my-account" element={<MyAccountPage />} />
          <Route path="/inventory-management" element={screen('inventory-management', <InventoryManagement />)} />
          <Route path="/inventory-qa" element={screen('inventory-qa', <InventoryQa />)} />
          <Route path="/vehicle-data-collection" element={screen('vehicle-data-collection', <DataCollection />)} />
          <Route path="/qa-test" element={screen('qa-test', <QaDashboard />)} />
          <Route
            path="/analytics"
            element={screen(
              'analytics',
              <Suspense fallback={<p>Loading analytics...</p>}>
                <AnalyticsDashboard />
              </Suspense>,
            )}
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
