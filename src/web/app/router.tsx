import { lazy } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { catalogue } from '../../shared/catalogue.ts'
import { paths, toolPath } from '../lib/routes.ts'
import { HomePage } from '../pages/home/home-page.tsx'
import { ToolPage } from '../pages/tool-page.tsx'
import { Layout } from './layout.tsx'

const AuthPage = lazy(() => import('../pages/auth-page.tsx').then((m) => ({ default: m.AuthPage })))
const BenefitsPage = lazy(() => import('../pages/benefits-page.tsx').then((m) => ({ default: m.BenefitsPage })))
const DashboardPage = lazy(() => import('../pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })))
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

const toolRoutes: RouteObject[] = catalogue.map((entry) => ({
  path: toolPath(entry),
  element: <ToolPage entry={entry} />,
}))

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.auth, element: <AuthPage /> },
      { path: paths.benefits, element: <BenefitsPage /> },
      { path: paths.dashboard, element: <DashboardPage /> },
      ...toolRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}
