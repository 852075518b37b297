import { lazy, type ReactNode } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { catalogue } from '../../shared/catalogue.ts'
import { pageMeta } from '../../shared/page-meta.ts'
import { paths, toolPath } from '../lib/routes.ts'
import type { DocumentMeta } from '../lib/use-document-meta.ts'
import { HomePage } from '../pages/home/home-page.tsx'
import { ToolPage } from '../pages/tool-page.tsx'
import { Layout } from './layout.tsx'
import { RouteMeta } from './route-meta.tsx'

const AuthPage = lazy(() => import('../pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })))
const BenefitsPage = lazy(() => import('../pages/benefits-page.tsx').then((m) => ({ default: m.BenefitsPage })))
const DashboardPage = lazy(() => import('../pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })))
const MonitorsPage = lazy(() => import('../pages/monitors-page.tsx').then((m) => ({ default: m.MonitorsPage })))
const MonitorPage = lazy(() => import('../pages/monitors-page.tsx').then((m) => ({ default: m.MonitorPage })))
const PrivacyPage = lazy(() => import('../pages/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })))
const ResultPage = lazy(() => import('../pages/result-page.tsx').then((m) => ({ default: m.ResultPage })))
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

const toolRoutes: RouteObject[] = catalogue.map((entry) => ({
  path: toolPath(entry),
  element: <ToolPage entry={entry} />,
}))

function page(path: string, meta: DocumentMeta, element: ReactNode): RouteObject {
  return { path, element: <RouteMeta meta={meta}>{element}</RouteMeta> }
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      page(paths.home, pageMeta.home, <HomePage />),
      page(paths.auth, pageMeta.auth, <AuthPage />),
      page(paths.benefits, pageMeta.benefits, <BenefitsPage />),
      page(paths.dashboard, pageMeta.dashboard, <DashboardPage />),
      page(paths.monitors, pageMeta.monitors, <MonitorsPage />),
      page(paths.monitor, pageMeta.monitors, <MonitorPage />),
      page(paths.privacy, pageMeta.privacy, <PrivacyPage />),
      ...toolRoutes,
      { path: paths.sharedResult, element: <ResultPage /> },
      page('*', pageMeta.notFound, <NotFoundPage />),
    ],
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}
