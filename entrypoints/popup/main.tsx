import { mountApp } from '@/components/mount-app';

mountApp('popup');
