import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/accounts/components/RequireAuth';
import { paths, patterns } from '../lib/paths';
import { Shell } from './layouts/Shell';
import { NotFound } from './routes/NotFound';

/** Screens load on first visit: the first page downloads only the shell and its own screen. */
const Create = lazy(() => import('./routes/Create').then((m) => ({ default: m.Create })));
const Explore = lazy(() => import('./routes/Explore').then((m) => ({ default: m.Explore })));
const Favourites = lazy(() => import('./routes/Favourites').then((m) => ({ default: m.Favourites })));
const Login = lazy(() => import('./routes/Login').then((m) => ({ default: m.Login })));
const NovelReader = lazy(() => import('./routes/NovelReader').then((m) => ({ default: m.NovelReader })));
const Persona = lazy(() => import('./routes/Persona').then((m) => ({ default: m.Persona })));
const NewPersona = lazy(() => import('./routes/NewPersona').then((m) => ({ default: m.NewPersona })));
const Profile = lazy(() => import('./routes/Profile').then((m) => ({ default: m.Profile })));
const Sample = lazy(() => import('./routes/Sample').then((m) => ({ default: m.Sample })));
const Verify = lazy(() => import('./routes/Verify').then((m) => ({ default: m.Verify })));
const WorkReader = lazy(() => import('./routes/WorkReader').then((m) => ({ default: m.WorkReader })));
const Works = lazy(() => import('./routes/Works').then((m) => ({ default: m.Works })));
const ChangePassword = lazy(() => import('./routes/ChangePassword').then((m) => ({ default: m.ChangePassword })));
const ForgotPassword = lazy(() => import('./routes/ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const Read = lazy(() => import('./routes/Read').then((m) => ({ default: m.Read })));
const PostPage = lazy(() => import('./routes/PostPage').then((m) => ({ default: m.PostPage })));
const NewPost = lazy(() => import('./routes/NewPost').then((m) => ({ default: m.NewPost })));
const MyPosts = lazy(() => import('./routes/MyPosts').then((m) => ({ default: m.MyPosts })));
const MyPost = lazy(() => import('./routes/MyPost').then((m) => ({ default: m.MyPost })));
const Recharge = lazy(() => import('./routes/Recharge').then((m) => ({ default: m.Recharge })));
const Payout = lazy(() => import('./routes/Payout').then((m) => ({ default: m.Payout })));
const RechargeDone = lazy(() => import('./routes/RechargeDone').then((m) => ({ default: m.RechargeDone })));
const Redeem = lazy(() => import('./routes/Redeem').then((m) => ({ default: m.Redeem })));
const Invitation = lazy(() => import('./routes/Invitation').then((m) => ({ default: m.Invitation })));
const Transactions = lazy(() => import('./routes/Transactions').then((m) => ({ default: m.Transactions })));
const ChangeLanguage = lazy(() => import('./routes/ChangeLanguage').then((m) => ({ default: m.ChangeLanguage })));
const UserAgreement = lazy(() => import('./routes/UserAgreement').then((m) => ({ default: m.UserAgreement })));
const AboutUs = lazy(() => import('./routes/AboutUs').then((m) => ({ default: m.AboutUs })));
const CommerceLaw = lazy(() => import('./routes/CommerceLaw').then((m) => ({ default: m.CommerceLaw })));
const KoreanPrivacy = lazy(() => import('./routes/KoreanPrivacy').then((m) => ({ default: m.KoreanPrivacy })));
const Admin = lazy(() => import('./routes/Admin').then((m) => ({ default: m.Admin })));

/**
 * Every route of SPEC.md section 2, its pattern from lib/paths.ts. Signed-in screens sit under one
 * RequireAuth layout route per shell (without an access token the visitor goes to /login).
 */
export const routes: RouteObject[] = [
  {
    element: <Shell tabs />,
    children: [
      { path: paths.home, element: <Create /> },
      { path: paths.create, element: <Create /> },
      { path: patterns.createFrom, element: <Create /> },
      { path: paths.explore, element: <Explore /> },
      { path: paths.read, element: <Read /> },
      { element: <RequireAuth />, children: [{ path: paths.user, element: <Profile /> }] },
    ],
  },
  {
    element: <Shell tabs={false} />,
    children: [
      { path: paths.login, element: <Login /> },
      { path: paths.verify, element: <Verify /> },
      { path: paths.forgotPassword, element: <ForgotPassword /> },
      { path: patterns.persona, element: <Persona /> },
      { path: patterns.post, element: <PostPage /> },
      { path: patterns.novel, element: <NovelReader /> },
      { path: paths.changeLanguage, element: <ChangeLanguage /> },
      { path: paths.agreement, element: <UserAgreement /> },
      { path: paths.about, element: <AboutUs /> },
      { path: paths.commerceLaw, element: <CommerceLaw /> },
      { path: paths.koreanPrivacy, element: <KoreanPrivacy /> },
      { path: patterns.sample, element: <Sample /> },
      { path: paths.admin, element: <Admin /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.changePassword, element: <ChangePassword /> },
          { path: paths.newPersona, element: <NewPersona /> },
          { path: paths.works, element: <Works /> },
          { path: paths.myPosts, element: <MyPosts /> },
          { path: paths.favourites, element: <Favourites /> },
          { path: patterns.work, element: <WorkReader /> },
          { path: patterns.myPost, element: <MyPost /> },
          { path: paths.newPost, element: <NewPost /> },
          { path: patterns.newPostFor, element: <NewPost /> },
          { path: paths.redeem, element: <Redeem /> },
          { path: paths.invitation, element: <Invitation /> },
          { path: paths.recharge, element: <Recharge /> },
          { path: paths.rechargeComplete, element: <RechargeDone /> },
          { path: patterns.payout, element: <Payout /> },
          { path: paths.transactions, element: <Transactions /> },
        ],
      },
      { path: '/create', element: <Navigate to={paths.create} replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
