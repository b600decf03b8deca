import * as common from '@nestjs/common';
import * as core from '@nestjs/core';
import * as platformExpress from '@nestjs/platform-express';
import * as platformFastify from '@nestjs/platform-fastify';
import * as testing from '@nestjs/testing';
import * as throttler from '@nestjs/throttler';
import { describeNestContract, describeNestSetups } from './nest-suite.js';

const nest = { major: 12, common, core, testing, platformExpress, platformFastify, throttler };
describeNestContract(nest);
describeNestSetups(nest);
